def suma_pares(numeros):
    return sum(n for n in numeros if n % 2 == 0)
