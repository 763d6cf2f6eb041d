# falla: contrato
# dice: suma_pares([4])
# dice: devuelve 1
def suma_pares(numeros):
    return len([n for n in numeros if n % 2 == 0])
