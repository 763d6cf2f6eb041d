# input(): una celda no puede esperar lo que escribas; un mensaje en español lo explica.
# estado: terminó con un error
# salida: input() no está disponible en las celdas
# desafío: no resuelto
# desafío-dice: input\(\) no tiene nada que leer
nombre = input("¿Cómo te llamas? ")
