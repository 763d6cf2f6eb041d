# fails: contrato
# says: suma_pares([4])
# says: devuelve 0
def suma_pares(numeros):
    return sum(n for n in numeros if n % 2 == 1)
