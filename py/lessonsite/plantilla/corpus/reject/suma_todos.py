# fails: contrato
# says: devuelve 10
def suma_pares(numeros):
    return sum(numeros)
