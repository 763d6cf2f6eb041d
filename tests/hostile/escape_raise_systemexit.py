# raise SystemExit a mano: como sys.exit().
# estado: Ejecución terminada.
# salida-re: ^antes\n$
# desafío: no resuelto
# desafío-dice: SystemExit
print("antes")
raise SystemExit
