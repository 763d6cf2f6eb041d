# Una tarea de asyncio que seguiría imprimiendo cuando la celda ya ha acabado:
# se cancela al terminar, y nada de lo que imprimiera aparece en otra ejecución.
# estado: Ejecución terminada.
# salida-re: ^lanzada\n$
# desafío: resuelto
import asyncio

async def fantasma():
    while True:
        print("FANTASMA")
        await asyncio.sleep(0.01)

asyncio.ensure_future(fantasma())
print("lanzada")
