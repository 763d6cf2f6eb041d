# Una espera de una hora: Detener la corta.
# detener: en marcha
# estado: Ejecución detenida.
import time
print("en marcha")
time.sleep(3600)
