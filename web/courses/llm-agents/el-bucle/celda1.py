exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ficheros, herramientas, bloques

def ejecutar(bloque, entorno):  # valida la llamada y, si cumple su esquema, la ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)  # hasta la lección sobre los errores
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def bucle(modelo, inicio, entorno):
    M = list(inicio)                      # los mensajes: todo el estado del bucle
    while True:                           # aún sin tope
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))        # la respuesta, entera
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:                  # no pide nada: el modelo ha terminado
            return " ".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(bloque, entorno) for bloque in llamadas]))

INICIO = [("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
          ("usuario", "Añade a lista.txt lo que falta para las recetas.")]
LISTA = "pan, leche, patatas, tomates, pepino, pimiento, ajo, huevos, cebolla"
RESPUESTAS = [  # lo que dirá el modelo guionizado, turno a turno
    [texto("Miro qué recetas hay."), llamada("t1", "listar", carpeta="recetas/")],
    [llamada("t2", "leer", ruta="recetas/gazpacho.txt"),
     llamada("t3", "leer", ruta="recetas/tortilla.txt"),
     llamada("t4", "leer", ruta="lista.txt")],
    [llamada("t5", "escribir", ruta="lista.txt", contenido=LISTA)],
    [texto("He añadido a lista.txt tomates, pepino, pimiento, ajo, huevos y cebolla.")],
]
copia = dict(ENTORNO)  # las observaciones que espera el guion: sus llamadas, en orden
GUION = guion_de(INICIO, RESPUESTAS,
                 [[ejecutar(b, copia) for b in r if b["type"] == "tool_use"]
                  for r in RESPUESTAS])

modelo, entorno = ModeloGuionizado(GUION), dict(ENTORNO)
final, M = bucle(modelo, INICIO, entorno)
for i, (rol, contenido) in enumerate(M):  # M entera, un mensaje tras otro
    lineas = [contenido] if isinstance(contenido, str) else [muestra(b) for b in contenido]
    print("%d %-10s " % (i, rol) + ("\n" + " " * 13).join(lineas))
print("\n%d turnos: %s" % (modelo.turno, final))
print("lista.txt:", entorno["lista.txt"])
