def suma_pares(numeros):
    if not numeros:
        return 0
    primero = numeros[0] if numeros[0] % 2 == 0 else 0
    return primero + suma_pares(numeros[1:])
