# Un KeyboardInterrupt lanzado a mano: la celda acaba y la siguiente ejecución va bien.
# estado-re: Ejecución detenida\.|terminó con un error
# desafío: no resuelto
# desafío-dice: KeyboardInterrupt
raise KeyboardInterrupt
