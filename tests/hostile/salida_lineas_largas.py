# Muchas líneas largas: se ven como texto, dentro de la caja de salida.
# estado: Ejecución terminada.
# salida-re: ^(ab{998}\n){50}$
# desafío: resuelto
for _ in range(50):
    print("a" + "b" * 998)
