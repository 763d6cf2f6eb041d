def suma_pares(numeros):
    return sum(filter(lambda n: n % 2 == 0, numeros))
