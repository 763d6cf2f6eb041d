# Atrapa el KeyboardInterrupt de Detener y sigue: la página tira el intérprete.
# detener: en marcha
# estado: Ejecución detenida.
# desafío: no resuelto
# desafío-dice: tiempo límite|no ha terminado en
print("en marcha")
while True:
    try:
        while True:
            pass
    except BaseException:
        pass
