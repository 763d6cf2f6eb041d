# fails: contrato
# says: devuelve None
def suma_pares(numeros):
    print(sum(n for n in numeros if n % 2 == 0))
