# Imprime sin parar: la salida se recorta con una nota en cuanto llega al límite, la
# página sigue respondiendo y Detener lo para. (Si Detener tiene que tirar el intérprete,
# no llega la cuenta final de lo omitido; la primera nota, sí.)
# detener: Se ha llegado al límite
# estado: Ejecución detenida.
# salida-re: ^0\n1\n2\n
# responde: sí
# salida-re: \[Se ha llegado al límite de 100\u00a0000 caracteres de salida: lo que se imprima desde aquí no se muestra\.\]
# desafío: no resuelto
# desafío-dice: tiempo límite|no ha terminado en
i = 0
while True:
    print(i)
    i += 1
