# fails: contrato
# says: suma_pares([])
# says: devuelve 1
def suma_pares(numeros):
    total = 1
    for n in numeros:
        if n % 2 == 0:
            total += n
    return total
