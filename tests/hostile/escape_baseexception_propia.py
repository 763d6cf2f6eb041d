# Una excepción propia que hereda de BaseException: traceback normal, nada más.
# estado: terminó con un error
# salida: Fuga: por aquí no
# desafío: no resuelto
# desafío-dice: Tu código lanza Fuga
class Fuga(BaseException):
    pass

raise Fuga("por aquí no")
