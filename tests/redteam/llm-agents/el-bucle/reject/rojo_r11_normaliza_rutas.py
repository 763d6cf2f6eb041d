# mistake: "arregla" las rutas que pide el modelo (quita espacios y un "./" delante) antes de ejecutar, para que pequeños despistes no acaben en KeyError; el enunciado dice que cada llamada pasa tal cual por ejecutar y que el KeyError de leer sale de bucle
# fails: conversacion
# says: las llamadas de una respuesta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

def _limpia(bloque):
    entrada = dict(bloque["input"]) if isinstance(bloque.get("input"), dict) else bloque.get("input")
    if isinstance(entrada, dict):
        for clave in ("ruta", "carpeta"):
            valor = entrada.get(clave)
            if isinstance(valor, str):
                valor = valor.strip()
                while valor.startswith("./"):
                    valor = valor[2:]
                entrada[clave] = valor
    return {**bloque, "input": entrada}

def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] == "text"), M)
        M.append(("usuario", [ejecutar(_limpia(bloque), entorno) for bloque in llamadas]))
    return ("tope", None, M)
