numbers = [3, 4, 7, 10, -2]
evens = [n for n in numbers if n % 2 == 0]
print("evens:", evens)
