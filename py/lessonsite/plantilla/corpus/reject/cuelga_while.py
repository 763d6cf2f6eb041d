# fails: contrato
# says: no ha terminado
def suma_pares(numeros):
    total, i = 0, 0
    while i < len(numeros):
        if numeros[i] % 2 == 0:
            total += numeros[i]
            i += 1
    return total
