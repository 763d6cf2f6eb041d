# La solución del curso para el desafío de la lección: la función que la página muestra al
# lado de la del alumno.


def suma_pares(numeros):
    """La suma de los números pares de la lista, sin cambiarla."""
    return sum(n for n in numeros if n % 2 == 0)
