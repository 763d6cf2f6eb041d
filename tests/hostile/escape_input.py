# input(): una celda no puede esperar lo que escribas; un mensaje en español lo explica.
# estado: terminó con un error
# salida: input() no está disponible en las celdas
nombre = input("¿Cómo te llamas? ")
