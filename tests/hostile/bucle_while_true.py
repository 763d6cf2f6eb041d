# Un bucle sin fin en bytecode. Solo lo para Detener, y la celda vuelve a funcionar.
# detener: en marcha
# estado: Ejecución detenida.
# salida: en marcha
# desafío: no resuelto
# desafío-dice: tiempo límite|no ha terminado en
print("en marcha")
while True:
    pass
