# Secuencias de escape ANSI: llegan como texto, sin colorear ni romper la página.
# estado: Ejecución terminada.
# salida-re: ^\x1b\[31mrojo\x1b\[0m\n\x1b\[2J\x1b\[Hlimpio\n$
# desafío: resuelto
print("\x1b[31mrojo\x1b[0m")
print("\x1b[2J\x1b[Hlimpio")
