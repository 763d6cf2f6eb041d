# Un millón de líneas: se muestran las primeras, hasta la última
# entera que cabe, una nota dice que se ha cortado, y la página sigue respondiendo.
# estado: Ejecución terminada.
# salida: 999
# salida-re: \[Salida recortada: se ha llegado al límite de 100\u00a0000 caracteres, y lo que se imprima desde aquí no se muestra\.\]
# no-salida: 999999
# no-salida: se han omitido
# responde: sí
# desafío: resuelto o no resuelto
# desafío-dice: tiempo límite|no ha terminado en
for i in range(10**6):
    print(i)
