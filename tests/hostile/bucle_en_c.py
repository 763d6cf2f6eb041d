# Un bucle dentro de código C, que nunca mira si le piden parar: Detener tiene que
# tirar el intérprete y pasar al de reserva.
# detener: en marcha
# estado: Ejecución detenida.
# desafío: no resuelto
# desafío-dice: tiempo límite|no ha terminado en
print("en marcha")
sum(range(10**12))
