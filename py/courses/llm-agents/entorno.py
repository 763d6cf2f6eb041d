# entorno.py: los ficheros del usuario, las cuatro herramientas que los tocan,
# sus esquemas y las funciones que fabrican bloques. Lo cargan las celdas con
#     exec(open_url("/courses/llm-agents/entorno.py").read())
# así que solo usa la biblioteca estándar y no importa nada del navegador.

ENTORNO = {
    "lista.txt": "pan, leche, patatas",
    "notas.txt": "El domingo comemos en casa: gazpacho y tortilla para seis.",
    "recetas/gazpacho.txt": "Gazpacho. Ingredientes: tomates, pepino, pimiento, ajo, pan.",
    "recetas/tortilla.txt": "Tortilla de patatas. Ingredientes: patatas, huevos, cebolla.",
}


# --- las herramientas: cada una recibe primero el entorno ------------------

def listar(entorno, carpeta):
    """Las rutas que hay dentro de una carpeta, una por línea."""
    prefijo = carpeta if carpeta.endswith("/") or not carpeta else carpeta + "/"
    return "\n".join(sorted(r for r in entorno if r.startswith(prefijo)))


def leer(entorno, ruta):
    """El contenido de un fichero. Una ruta que no existe lanza KeyError, que
    la función ejecutar de «El bucle» deja pasar y la de «Los errores como
    observaciones» convierte en observación."""
    return entorno[ruta]


def escribir(entorno, ruta, contenido):
    """Sustituye (o crea) un fichero entero."""
    entorno[ruta] = contenido
    return "%s: %d caracteres escritos" % (ruta, len(contenido))


def buscar(entorno, texto):
    """Las rutas de los ficheros que contienen un texto, sin distinguir mayúsculas."""
    buscado = texto.lower()
    return "\n".join(sorted(r for r, c in entorno.items() if buscado in c.lower()))


FUNCIONES = {"listar": listar, "leer": leer, "escribir": escribir, "buscar": buscar}


def _cadena(descripcion):
    return {"type": "string", "description": descripcion}


def _esquema(**propiedades):
    return {"type": "object", "properties": propiedades,
            "required": list(propiedades), "additionalProperties": False}


# Como las recibe la API de un modelo: nombre, descripción y esquema JSON.
HERRAMIENTAS = [
    {"name": "listar",
     "description": "Lista las rutas de los ficheros que hay dentro de una carpeta.",
     "input_schema": _esquema(carpeta=_cadena("Carpeta, por ejemplo recetas/"))},
    {"name": "leer",
     "description": "Devuelve el contenido de un fichero.",
     "input_schema": _esquema(ruta=_cadena("Ruta del fichero, por ejemplo lista.txt"))},
    {"name": "escribir",
     "description": "Escribe un fichero entero, sustituyendo lo que tuviera.",
     "input_schema": _esquema(ruta=_cadena("Ruta del fichero"),
                              contenido=_cadena("Contenido completo del fichero"))},
    {"name": "buscar",
     "description": "Devuelve las rutas de los ficheros que contienen un texto.",
     "input_schema": _esquema(texto=_cadena("Texto que buscar"))},
]

_TIPOS = {"string": str, "integer": int, "number": (int, float), "boolean": bool,
          "object": dict, "array": list}


def incumple(bloque):
    """None si el bloque tool_use encaja en el esquema de su herramienta;
    si no, el motivo en una frase corta."""
    herramienta = next((h for h in HERRAMIENTAS if h["name"] == bloque.get("name")), None)
    if herramienta is None:
        return "no hay ninguna herramienta llamada %r" % (bloque.get("name"),)
    argumentos = bloque.get("input")
    if not isinstance(argumentos, dict):
        return "%s: los argumentos deben ser un objeto" % bloque["name"]
    esquema = herramienta["input_schema"]
    for nombre in esquema["required"]:
        if nombre not in argumentos:
            return "%s: falta el argumento %r" % (bloque["name"], nombre)
    for nombre, valor in argumentos.items():
        propiedad = esquema["properties"].get(nombre)
        if propiedad is None:
            return "%s: sobra el argumento %r" % (bloque["name"], nombre)
        tipo = _TIPOS[propiedad["type"]]
        if not isinstance(valor, tipo) or (tipo is not bool and isinstance(valor, bool)):
            return "%s: el argumento %r debe ser de tipo %s" % (
                bloque["name"], nombre, propiedad["type"])
    return None


# --- los bloques de los mensajes --------------------------------------------

def texto(s):
    return {"type": "text", "text": s}


def llamada(id, nombre, **argumentos):
    return {"type": "tool_use", "id": id, "name": nombre, "input": argumentos}


def resultado(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido}


def guion_de(inicio, respuestas, observaciones):
    """El guion de un modelo guionizado: por cada turno, los mensajes que debe
    recibir y la respuesta que da. Los mensajes del turno k son los de inicio
    y, por cada turno anterior, su respuesta y sus observaciones."""
    if len(observaciones) < len(respuestas) - 1:
        raise ValueError("guion_de: faltan observaciones para %d respuestas"
                         % len(respuestas))
    guion, M = [], list(inicio)
    for k, r in enumerate(respuestas):
        guion.append({"recibe": list(M), "responde": r})
        M = M + [("asistente", r)]
        if k < len(observaciones):
            M = M + [("usuario", observaciones[k])]
    return guion


def _corta(valor, ancho=76):
    s = valor if isinstance(valor, str) else repr(valor)
    s = s.replace("\n", " | ")
    return s if len(s) <= ancho else s[:ancho - 1] + "…"


def muestra(bloque):
    """Una línea legible por bloque, como las imprimen las celdas."""
    tipo = bloque.get("type") if isinstance(bloque, dict) else None
    if tipo == "text":
        return "texto: " + _corta(bloque["text"])
    if tipo == "tool_use":
        argumentos = ", ".join("%s=%r" % par for par in bloque["input"].items())
        return "%s → %s(%s)" % (bloque["id"], bloque["name"], _corta(argumentos, 56))
    if tipo == "tool_result":
        return "%s ← %s" % (bloque["tool_use_id"], _corta(bloque["content"]))
    return _corta(bloque)
