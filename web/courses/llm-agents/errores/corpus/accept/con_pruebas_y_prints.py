exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def error_para(id, texto):
    bloque = resultado(id, texto)
    bloque.update(is_error=True)
    return bloque

def ejecutar(ll, entorno):
    id = ll["id"]
    if (motivo := incumple(ll)) is not None:
        return error_para(id, motivo)
    nombre = ll["name"]  # solo ahora: incumple ya sabe que la llamada lo trae
    herramienta = FUNCIONES[nombre]
    try:
        valor = herramienta(entorno, **ll["input"])  # ** ya hace un dict nuevo: la llamada no se toca
    except Exception as excepcion:
        return error_para(id, "{}: {}".format(excepcion.__class__.__name__, excepcion))
    return resultado(id, valor)

# Pruebas a mano, como haría un alumno antes de pulsar Comprobar.
e = dict(ENTORNO)
print(ejecutar(llamada("a", "leer", fichero="tortilla"), e))
print(ejecutar(llamada("b", "leer", ruta="tortilla.txt"), e))
print(ejecutar(llamada("c", "leer", ruta="lista.txt"), e))
