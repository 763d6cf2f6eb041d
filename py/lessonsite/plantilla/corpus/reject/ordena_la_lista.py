# fails: contrato
# says: dejó numeros como [-3, -2, 6]
def suma_pares(numeros):
    numeros.sort()
    return sum(n for n in numeros if n % 2 == 0)
