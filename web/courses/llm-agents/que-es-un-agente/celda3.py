exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado

INICIO = M[:2]                   # los dos primeros mensajes de la Celda 2
RESPUESTAS = [r, [texto("En lista.txt pone: pan, leche, patatas.")]]
GUION = guion_de(INICIO, RESPUESTAS, [M[3][1]])  # las observaciones de r, la única que pide algo

modelo = ModeloGuionizado(GUION)
r1 = modelo(M[:2], HERRAMIENTAS)  # turno 1: solo el mensaje de «sistema» y el de «usuario»
r2 = modelo(M, HERRAMIENTAS)      # turno 2: también la llamada y su observación
print("turno 1:", " · ".join(muestra(b) for b in r1))
print("turno 2:", " · ".join(muestra(b) for b in r2))
final = M + [("asistente", r2)]
print("turnos: %d · mensajes al final: %d" % (modelo.turno, len(final)))

otro = ModeloGuionizado(GUION)   # el mismo guion, con un harness que olvida la observación
otro(M[:2], HERRAMIENTAS)
try:
    otro(M[:3], HERRAMIENTAS)
except ErrorDeGuion as queja:
    print("\nErrorDeGuion:", queja)
