# fails: contrato
# says: suma_pares([4])
# says: devuelve 1
def suma_pares(numeros):
    return len([n for n in numeros if n % 2 == 0])
