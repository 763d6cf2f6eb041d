# Una espera de una hora: Detener la corta.
# detener: en marcha
# estado: Ejecución detenida.
# desafío: no resuelto
# desafío-dice: tiempo límite|no ha terminado en
import time
print("en marcha")
time.sleep(3600)
