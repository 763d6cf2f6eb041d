# Un finally que vuelve a empezar el bucle: Detener acaba igual con él.
# detener: en marcha
# estado: Ejecución detenida.
# desafío: no resuelto
# desafío-dice: tiempo límite|no ha terminado en|RecursionError
print("en marcha")
def para_siempre():
    try:
        while True:
            pass
    finally:
        para_siempre()

para_siempre()
