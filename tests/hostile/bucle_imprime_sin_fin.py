# Imprime sin parar: la salida se recorta con una nota en cuanto llega al límite, la
# página sigue respondiendo y Detener lo para. (La nota sale al cortar, así que llega
# aunque Detener tenga que tirar el intérprete.)
# detener: Salida recortada
# estado: Ejecución detenida.
# salida-re: ^0\n1\n2\n
# responde: sí
# salida-re: \[Salida recortada: se ha llegado al límite de 100\u00a0000 caracteres, y lo que se imprima desde aquí no se muestra\.\]
# desafío: no resuelto
# desafío-dice: tiempo límite|no ha terminado en
i = 0
while True:
    print(i)
    i += 1
