# Una lista de 10**10 elementos: no cabe ni en el índice de 32 bits del intérprete
# del navegador (OverflowError) ni en la memoria (MemoryError). Error claro, intérprete vivo.
# estado: terminó con un error
# salida-re: (OverflowError|MemoryError)
# desafío: no resuelto
# desafío-dice: OverflowError|MemoryError
x = [0] * 10**10
