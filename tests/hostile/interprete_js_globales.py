# Estropea el XMLHttpRequest del worker, que usa open_url: la siguiente ejecución
# lee los ficheros del curso igual que siempre.
# estado: Ejecución terminada.
# desafío: resuelto
import js
js.XMLHttpRequest = None
js.self.XMLHttpRequest = None
