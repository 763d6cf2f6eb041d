# Un hilo: Pyodide no tiene hilos, así que sale un error claro y nada queda corriendo.
# estado: terminó con un error
# salida: RuntimeError
# desafío: no resuelto
# desafío-dice: RuntimeError
import threading

def trabaja():
    while True:
        pass

threading.Thread(target=trabaja).start()
