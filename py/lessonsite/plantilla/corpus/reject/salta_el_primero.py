# fails: contrato
# says: suma_pares([4])
# says: devuelve 0
def suma_pares(numeros):
    total = 0
    for i in range(1, len(numeros)):
        if numeros[i] % 2 == 0:
            total += numeros[i]
    return total
