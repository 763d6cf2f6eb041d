# Atrapa el KeyboardInterrupt de Detener y sigue: la página tira el intérprete.
# detener: en marcha
# estado: Ejecución detenida.
print("en marcha")
while True:
    try:
        while True:
            pass
    except BaseException:
        pass
