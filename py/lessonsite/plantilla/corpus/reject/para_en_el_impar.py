# fails: contrato
# says: suma_pares([1, 2, 3, 4])
# says: devuelve 0
def suma_pares(numeros):
    total = 0
    for n in numeros:
        if n % 2 != 0:
            break
        total += n
    return total
