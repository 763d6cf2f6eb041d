# falla: contrato
# dice: suma_pares([4])
# dice: devuelve 0
def suma_pares(numeros):
    return sum(n for n in numeros[:-1] if n % 2 == 0)
