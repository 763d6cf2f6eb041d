# falla: contrato
# dice: devuelve 10
def suma_pares(numeros):
    return sum(numeros)
