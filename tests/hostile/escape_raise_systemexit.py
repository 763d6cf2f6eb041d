# raise SystemExit a mano: como sys.exit().
# estado: Ejecución terminada.
# salida-re: ^antes\n$
print("antes")
raise SystemExit
