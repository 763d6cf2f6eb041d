exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ficheros, herramientas, bloques
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle y ejecutar, los de «El bucle»

INICIO = [("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
          ("usuario", "¿Qué ingredientes lleva la tortilla?")]
RESPUESTAS = [  # un modelo que se equivoca dos veces antes de acertar
    [texto("Leo la receta."), llamada("t1", "leer", fichero="tortilla")],
    [llamada("t2", "leer", ruta="tortilla.txt")],
    [texto("No hay ningún tortilla.txt. Miro qué recetas hay."), llamada("t3", "listar", carpeta="recetas/")],
    [llamada("t4", "leer", ruta="recetas/tortilla.txt")],
    [texto("La tortilla lleva patatas, huevos y cebolla.")],
]

for bloque in (RESPUESTAS[0][1], RESPUESTAS[1][0]):  # las dos llamadas equivocadas, sueltas
    try:
        ejecutar(bloque, dict(ENTORNO))
    except Exception as error:
        print("%s lanza %s: %s" % (muestra(bloque), type(error).__name__, error))

modelo = ModeloGuionizado(guion_de(INICIO, RESPUESTAS[:1], []))  # basta el primer turno
try:
    bucle(modelo, INICIO, dict(ENTORNO), 10)
except Exception as error:  # lo que le llega a quien llamó al bucle
    print("\nbucle no devuelve nada: %s: %s · respuestas del modelo: %d"
          % (type(error).__name__, error, modelo.turno))
