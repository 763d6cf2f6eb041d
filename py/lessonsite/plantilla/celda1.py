numeros = [3, 4, 7, 10, -2]
pares = [n for n in numeros if n % 2 == 0]
print("pares:", pares)
