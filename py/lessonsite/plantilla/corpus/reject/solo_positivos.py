# fails: contrato
# says: suma_pares([-2, -3, 6])
# says: devuelve 6
def suma_pares(numeros):
    return sum(n for n in numeros if n > 0 and n % 2 == 0)
