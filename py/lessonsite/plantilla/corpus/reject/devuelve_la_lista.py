# fails: contrato
# says: devuelve []
def suma_pares(numeros):
    return [n for n in numeros if n % 2 == 0]
