"""First-order mutants of a correct loop, and whether the grader rejects them.

    python -m tests.mutantes            every loop: bucle.py and the accept corpus
    python -m tests.mutantes FILE...    only these (a path, or "bucle.py")

A mutant changes one thing in the code a learner writes (what follows the
starter's ejecutar; for the course's bucle.py, its function bucle), leaving
out what the contract does not fix (print() calls, top-level code that is no
definition) and statements marked "# sin mutantes" (Pyodide-only code): an
operator, a comparison, a constant, a slice bound, a boolean operator or a
`not`; a statement removed (replaced by `pass`) or swapped with the next one;
an argument of a call dropped, or two swapped. Each mutant is graded like a
learner's file. It must be rejected, unless EQUIVALENTES lists it with the
reason it does what the original does. Prints one line per survivor and the
totals; exits 1 if a mutant that is not listed survives.
"""

import ast
import re
import os
import subprocess
import sys
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ / "py"))

from lessonrt.grading import cli as grader  # noqa: E402

DESAFIO = RAIZ / "web" / "courses" / "llm-agents" / "el-bucle" / "desafio.py"
BUCLE_PY = RAIZ / "py" / "courses" / "llm-agents" / "bucle.py"
ACEPTA = RAIZ / "web" / "courses" / "llm-agents" / "el-bucle" / "corpus" / "accept"
LIMITE = 1.0  # seconds per check: a mutant that hangs is rejected on time, a slow loop is not
HIJO_S = 60  # seconds for a child that grades one mutant

# Why a surviving mutant behaves as the original for every caller.
ORDEN_INDEPENDIENTE = ("the calls are picked out of r, not out of M: computing them before or "
                       "after appending the response changes nothing")
CONTADOR = ("the counter is only compared with tope, never read by the two lines swapped: "
            "moving its update past a line that does not read it changes nothing")
ORDEN_DE_METODOS = "the order in which a class defines its methods changes none of them"
NUMERO_SIN_USO = ("the turn number count() gives is never read: islice stops after tope items "
                  "whatever the numbers are")
NOMBRE_DE_CLASE = ("a namedtuple's class name is no part of its value: it is still == to the "
                   "tuple of its fields")
LISTA_SIN_USO = ("the empty list is only read when the turn goes on: making it before the "
                 "check that returns changes nothing")
LLENA_EN_SU_SITIO = ("the list goes into M empty and is filled in place before anyone reads "
                     "M; if ejecutar raises, M never leaves bucle")

# (file name, mutant) -> the reason it is equivalent.
EQUIVALENTES = {
    ('bucle.py',
     "línea 8, cruza: M.append(('asistente', r)) / llamadas = [b for b in r if b['type'] ==  → llamadas = [b for b in r if b['type'] == 'tool_use'] / M.append(('asis"): ORDEN_INDEPENDIENTE,
    ('asyncio_run.py',
     "línea 7, cruza: M.append(('asistente', r)) / llamadas = [b for b in r if b['type'] ==  → llamadas = [b for b in r if b['type'] == 'tool_use'] / M.append(('asis"): ORDEN_INDEPENDIENTE,
    ('clase_invocable.py',
     'línea 3, cruza: def __init__(self, herramientas): / def __call__(self, modelo, inicio, → def __call__(self, modelo, inicio, entorno, tope): / def __init__(self'): ORDEN_DE_METODOS,
    ('clase_invocable.py',
     'línea 6, cruza: def __call__(self, modelo, inicio, entorno, tope): / @staticmethod → @staticmethod / def __call__(self, modelo, inicio, entorno, tope):'): ORDEN_DE_METODOS,
    ('clase_invocable.py',
     "línea 10, cruza: M.append(('asistente', r)) / llamadas = [b for b in r if b['type'] ==  → llamadas = [b for b in r if b['type'] == 'tool_use'] / M.append(('asis"): ORDEN_INDEPENDIENTE,
    ('con_prints_y_pruebas.py',
     "línea 9, cruza: M.append(('asistente', r)) / llamadas = [b for b in r if b['type'] ==  → llamadas = [b for b in r if b['type'] == 'tool_use'] / M.append(('asis"): ORDEN_INDEPENDIENTE,
    ('for_range.py',
     "línea 7, cruza: M.append(('asistente', r)) / llamadas = [b for b in r if b['type'] ==  → llamadas = [b for b in r if b['type'] == 'tool_use'] / M.append(('asis"): ORDEN_INDEPENDIENTE,
    ('generador.py',
     "línea 6, cruza: M.append(('asistente', r)) / llamadas = [b for b in r if b['type'] ==  → llamadas = [b for b in r if b['type'] == 'tool_use'] / M.append(('asis"): ORDEN_INDEPENDIENTE,
    ('itertools_islice.py',
     "línea 8, cruza: M += [('asistente', r)] / llamadas = list(filter(lambda b: b['type'] = → llamadas = list(filter(lambda b: b['type'] == 'tool_use', r)) / M += ["): ORDEN_INDEPENDIENTE,
    ('itertools_islice.py',
     'línea 6, sin-argumento: itertools.count(1) → itertools.count()'): NUMERO_SIN_USO,
    ('itertools_islice.py',
     'línea 6, constante: 1 → 2'): NUMERO_SIN_USO,
    ('itertools_islice.py',
     'línea 6, constante: 1 → 0'): NUMERO_SIN_USO,
    ('namedtuple.py',
     "línea 10, cruza: M.append(('asistente', r)) / llamadas = [b for b in r if b['type'] ==  → llamadas = [b for b in r if b['type'] == 'tool_use'] / M.append(('asis"): ORDEN_INDEPENDIENTE,
    ('namedtuple.py',
     "línea 4, constante: 'Final' → 'Finalx'"): NOMBRE_DE_CLASE,
    ('recursion.py',
     "línea 9, cruza: M.append(('asistente', r)) / llamadas = [b for b in r if b['type'] ==  → llamadas = [b for b in r if b['type'] == 'tool_use'] / M.append(('asis"): ORDEN_INDEPENDIENTE,
    ('while_contador.py',
     'línea 3, cruza: M = list(inicio) / turno = 0 → turno = 0 / M = list(inicio)'): CONTADOR,
    ('while_contador.py',
     'línea 6, cruza: turno += 1 / r = modelo(M, HERRAMIENTAS) → r = modelo(M, HERRAMIENTAS) / turno += 1'): CONTADOR,
    ('while_contador.py',
     "línea 8, cruza: M.append(('asistente', r)) / pedidas = [b for b in r if b['type'] == ' → pedidas = [b for b in r if b['type'] == 'tool_use'] / M.append(('asist"): ORDEN_INDEPENDIENTE,
    ('while_contador.py',
     'línea 10, cruza: if len(pedidas) == 0: / observaciones = [] → observaciones = [] / if len(pedidas) == 0:'): LISTA_SIN_USO,
    ('while_contador.py',
     "línea 14, cruza: for ll in pedidas: / M.append(('usuario', observaciones)) → M.append(('usuario', observaciones)) / for ll in pedidas:"): LLENA_EN_SU_SITIO,
    ('while_mientras_pide.py',
     "línea 7, cruza: M.append(('asistente', r)) / hechos = 1 → hechos = 1 / M.append(('asistente', r))"): CONTADOR,
    ('while_mientras_pide.py',
     "línea 8, cruza: hechos = 1 / llamadas = [b for b in r if b['type'] == 'tool_use'] → llamadas = [b for b in r if b['type'] == 'tool_use'] / hechos = 1"): CONTADOR,
    ('while_mientras_pide.py',
     'línea 14, cruza: r = modelo(M, HERRAMIENTAS) / hechos += 1 → hechos += 1 / r = modelo(M, HERRAMIENTAS)'): CONTADOR,
    ('while_mientras_pide.py',
     "línea 15, cruza: hechos += 1 / M.append(('asistente', r)) → M.append(('asistente', r)) / hechos += 1"): CONTADOR,
    ('while_mientras_pide.py',
     "línea 16, cruza: M.append(('asistente', r)) / llamadas = [b for b in r if b['type'] ==  → llamadas = [b for b in r if b['type'] == 'tool_use'] / M.append(('asis"): ORDEN_INDEPENDIENTE,
}


def starter():
    """The challenge's code before `def bucle(`: the exec lines and ejecutar."""
    return DESAFIO.read_text(encoding="utf-8").split("def bucle(")[0]


def solucion(ruta):
    """(prefix the mutants keep, code they change) for a correct loop."""
    if Path(ruta).name == "bucle.py":
        texto = BUCLE_PY.read_text(encoding="utf-8")
        return starter(), "def bucle(" + texto.split("def bucle(", 1)[1]
    texto = Path(ruta).read_text(encoding="utf-8")
    fin = texto.index("\n", re.search(r'return resultado\((?:ll|bloque)\["id"\]', texto).start()) + 1
    return texto[:fin], texto[fin:]


# -- the mutations ---------------------------------------------------------------------

_BINARIOS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
             ast.Div: ast.Mult, ast.Mod: ast.FloorDiv}
_COMPARA = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE, ast.LtE: ast.Lt,
            ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In,
            ast.Is: ast.IsNot, ast.IsNot: ast.Is}


_SIN_MUTANTES = set()  # ids of statements marked "# sin mutantes" in the parse being mutated


def _marca(arbol, codigo):
    """Mark the statements whose first line says "# sin mutantes" (code that
    runs only in Pyodide, say, where these tests do not grade)."""
    lineas = codigo.splitlines()
    _SIN_MUTANTES.clear()
    for n in ast.walk(arbol):
        if isinstance(n, ast.stmt) and "# sin mutantes" in lineas[n.lineno - 1]:
            _SIN_MUTANTES.add(id(n))
    return arbol


def _sitios(arbol):
    """Every (node, kind, variant) that gives one mutant, in a fixed order."""
    sitios = []
    docstrings = {id(n.body[0].value) for n in ast.walk(arbol)
                  if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module))
                  and n.body and _es_docstring(n.body[0], 0)}
    fuera = set()
    for n in ast.walk(arbol):
        if isinstance(n, ast.Module):
            # Top-level code that is not a definition (a learner's own prints
            # and tests) is not the loop.
            for sentencia in n.body:
                if not isinstance(sentencia, (ast.FunctionDef, ast.AsyncFunctionDef,
                                              ast.ClassDef, ast.Assign)):
                    fuera.update(id(x) for x in ast.walk(sentencia))
        elif isinstance(n, ast.Expr) and isinstance(n.value, ast.Call) \
                and isinstance(n.value.func, ast.Name) and n.value.func.id == "print":
            fuera.update(id(x) for x in ast.walk(n))  # what a loop prints is not the contract
        elif id(n) in _SIN_MUTANTES:
            fuera.update(id(x) for x in ast.walk(n))
    for nodo in ast.walk(arbol):
        if id(nodo) in docstrings or id(nodo) in fuera:
            continue  # a docstring is not code
        if isinstance(nodo, ast.BinOp) and type(nodo.op) in _BINARIOS:
            sitios.append((nodo, "operador", None))
        elif isinstance(nodo, ast.AugAssign) and type(nodo.op) in _BINARIOS:
            sitios.append((nodo, "operador", None))
        elif isinstance(nodo, ast.Compare):
            for i, op in enumerate(nodo.ops):
                if type(op) in _COMPARA:
                    sitios.append((nodo, "comparacion", i))
        elif isinstance(nodo, ast.BoolOp):
            sitios.append((nodo, "booleano", None))
        elif isinstance(nodo, ast.UnaryOp) and isinstance(nodo.op, ast.Not):
            sitios.append((nodo, "sin-not", None))
        elif isinstance(nodo, ast.Constant) and not isinstance(nodo.value, type(...)):
            valor = nodo.value
            if isinstance(valor, bool):
                sitios.append((nodo, "constante", not valor))
            elif isinstance(valor, int):
                sitios.append((nodo, "constante", valor + 1))
                sitios.append((nodo, "constante", valor - 1))
            elif isinstance(valor, str):
                sitios.append((nodo, "constante", "" if valor else "x"))
                if valor:
                    sitios.append((nodo, "constante", valor + "x"))
            elif valor is None:
                sitios.append((nodo, "constante", ""))
        elif isinstance(nodo, ast.Slice):
            for parte in ("lower", "upper", "step"):
                if getattr(nodo, parte) is not None:
                    sitios.append((nodo, "slice", parte))
        elif isinstance(nodo, ast.Call):
            for i in range(len(nodo.args)):
                sitios.append((nodo, "sin-argumento", i))
            for i in range(len(nodo.args) - 1):
                sitios.append((nodo, "cruza-argumentos", i))
        if isinstance(nodo, (ast.FunctionDef, ast.AsyncFunctionDef, ast.For, ast.AsyncFor,
                             ast.While, ast.If, ast.With, ast.Try, ast.ClassDef)):
            for campo in ("body", "orelse", "finalbody"):
                cuerpo = getattr(nodo, campo, None) or []
                for i, sentencia in enumerate(cuerpo):
                    if _es_docstring(sentencia, i) or id(sentencia) in fuera \
                            or id(nodo) in fuera:
                        continue
                    sitios.append((nodo, "quita", (campo, i)))
                    if i + 1 < len(cuerpo) and id(cuerpo[i + 1]) not in fuera:
                        sitios.append((nodo, "cruza", (campo, i)))
    return sitios


def _es_docstring(sentencia, i):
    return i == 0 and isinstance(sentencia, ast.Expr) and isinstance(sentencia.value, ast.Constant) \
        and isinstance(sentencia.value.value, str)


def _aplica(nodo, tipo, variante):
    """Mutate `nodo` in place; returns the line it is on, for the description."""
    if tipo == "operador":
        nodo.op = _BINARIOS[type(nodo.op)]()
    elif tipo == "comparacion":
        nodo.ops[variante] = _COMPARA[type(nodo.ops[variante])]()
    elif tipo == "booleano":
        nodo.op = ast.Or() if isinstance(nodo.op, ast.And) else ast.And()
    elif tipo == "sin-not":
        return nodo.operand
    elif tipo == "constante":
        nodo.value = variante
    elif tipo == "slice":
        setattr(nodo, variante, None)
    elif tipo == "sin-argumento":
        del nodo.args[variante]
    elif tipo == "cruza-argumentos":
        a = nodo.args
        a[variante], a[variante + 1] = a[variante + 1], a[variante]
    elif tipo == "quita":
        campo, i = variante
        getattr(nodo, campo)[i] = ast.Pass()
    elif tipo == "cruza":
        campo, i = variante
        cuerpo = getattr(nodo, campo)
        cuerpo[i], cuerpo[i + 1] = cuerpo[i + 1], cuerpo[i]
    return None


class _Cambia(ast.NodeTransformer):
    """Replace one node by another (for `not x` -> `x`)."""

    def __init__(self, viejo, nuevo):
        self.viejo, self.nuevo = viejo, nuevo

    def visit(self, nodo):
        if nodo is self.viejo:
            return self.nuevo
        return super().visit(nodo)


def mutantes(codigo):
    """(description, mutated code) for every first-order mutant of `codigo`."""
    original = ast.unparse(ast.parse(codigo))
    total = len(_sitios(_marca(ast.parse(codigo), codigo)))
    vistos, repetidas = set(), {}
    for k in range(total):
        arbol = _marca(ast.parse(codigo), codigo)
        nodo, tipo, variante = _sitios(arbol)[k]
        linea = getattr(nodo, "lineno", 0)
        if tipo in ("quita", "cruza"):
            campo, i = variante
            cuerpo = getattr(nodo, campo)
            linea = cuerpo[i].lineno
            antes = " / ".join(_primera(ast.unparse(x)) for x in cuerpo[i:i + (2 if tipo == "cruza" else 1)])
            _aplica(nodo, tipo, variante)
            despues = " / ".join(_primera(ast.unparse(x)) for x in cuerpo[i:i + (2 if tipo == "cruza" else 1)])
            nuevo = None
        else:
            antes = ast.unparse(nodo)
            nuevo = _aplica(nodo, tipo, variante)
            despues = ast.unparse(nuevo if nuevo is not None else nodo)
        if nuevo is not None:
            arbol = _Cambia(nodo, nuevo).visit(arbol)
        ast.fix_missing_locations(arbol)
        texto = ast.unparse(arbol)
        if texto == original or texto in vistos:
            continue  # the same code: not a mutant
        vistos.add(texto)
        descripcion = "línea %d, %s: %s → %s" % (linea, tipo, _primera(antes), _primera(despues))
        repetidas[descripcion] = repetidas.get(descripcion, 0) + 1
        if repetidas[descripcion] > 1:  # the same change elsewhere on the line
            descripcion += " (%d.ª)" % repetidas[descripcion]
        yield descripcion, texto


def _primera(texto):
    return texto.splitlines()[0][:70] if texto else ""


# -- grading -----------------------------------------------------------------------------

def rechazado(prefijo, codigo):
    """Whether the grader rejects the file `prefijo + codigo`. A loop on
    asyncio is graded in a child Python: when the deadline lands inside the
    event loop's own code, its clean-up can wait for ever in C (epoll), which
    only the page's watchdog or a killed process stops. A child still running
    after HIJO_S seconds is a rejection, as the page's watchdog makes it."""
    fuente = prefijo + codigo
    if "asyncio" not in codigo:
        resultado = grader.grade(fuente, open_url=grader.open_url_local, time_limit=LIMITE,
                                 challenge="llm-agents/el-bucle")
        return not resultado["solved"]
    orden = ("import sys, lessonrt.grading.cli as g; "
             "r = g.grade(sys.stdin.read(), open_url=g.open_url_local, time_limit=%r, "
             "challenge='llm-agents/el-bucle'); "
             "print('resuelto' if r['solved'] else 'rechazado')" % LIMITE)
    try:
        hecho = subprocess.run([sys.executable, "-c", orden], input=fuente, capture_output=True,
                               text=True, encoding="utf-8", timeout=HIJO_S,
                               env=dict(os.environ, PYTHONPATH=str(RAIZ / "py")))
    except subprocess.TimeoutExpired:
        return True
    return hecho.stdout.strip().splitlines()[-1:] != ["resuelto"]


def examina(ruta):
    """(total, rejected, [equivalent descriptions], [surviving descriptions])."""
    prefijo, codigo = solucion(ruta)
    nombre = Path(ruta).name
    assert not rechazado(prefijo, codigo), "%s itself must pass" % nombre
    total = rechazados = 0
    equivalentes, vivos = [], []
    for descripcion, mutado in mutantes(codigo):
        total += 1
        if rechazado(prefijo, mutado):
            rechazados += 1
        elif (nombre, descripcion) in EQUIVALENTES:
            equivalentes.append(descripcion)
        else:
            vivos.append(descripcion)
    return total, rechazados, equivalentes, vivos


ERRORES_PY = RAIZ / "py" / "courses" / "llm-agents" / "errores.py"
DESAFIO_ERRORES = RAIZ / "web" / "courses" / "llm-agents" / "errores" / "desafio.py"


def examina_errores():
    """(total, rejected, [surviving descriptions]) for the mutants of the second lesson's
    ejecutar (errores.py), graded against that lesson's challenge."""
    prefijo = DESAFIO_ERRORES.read_text(encoding="utf-8").split("def ejecutar(")[0]
    codigo = "def ejecutar(" + ERRORES_PY.read_text(encoding="utf-8").split("def ejecutar(", 1)[1]

    def rechaza(c):
        r = grader.grade(prefijo + c, open_url=grader.open_url_local, challenge="llm-agents/errores",
                         time_limit=LIMITE)
        return not r["solved"]

    assert not rechaza(codigo), "errores.py itself must pass"
    todos = list(mutantes(codigo))
    vivos = [d for d, mutado in todos if not rechaza(mutado)]
    total = len(todos)
    return total, total - len(vivos), vivos


def todas():
    return [BUCLE_PY] + sorted(ACEPTA.glob("*.py"))


def main(argv):
    os.environ.setdefault(grader.ESTRICTO, "1")
    rutas = [BUCLE_PY if a == "bucle.py" else Path(a) for a in argv] or todas()
    inicio = time.monotonic()
    suma = [0, 0, 0]
    vivos_todos = []
    for ruta in rutas:
        total, rechazados, equivalentes, vivos = examina(ruta)
        suma[0] += total
        suma[1] += rechazados
        suma[2] += len(equivalentes)
        print("%-28s %4d mutantes, %4d rechazados, %3d equivalentes, %3d vivos"
              % (ruta.name, total, rechazados, len(equivalentes), len(vivos)), flush=True)
        for v in vivos:
            print("    vivo: " + v)
            vivos_todos.append((ruta.name, v))
    print("total: %d mutantes, %d rechazados, %d equivalentes, %d vivos (%.0f s)"
          % (suma[0], suma[1], suma[2], len(vivos_todos), time.monotonic() - inicio))
    return 1 if vivos_todos else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
