# The course's solution to the lesson's challenge: the function the page shows beside the
# learner's.


def sum_evens(numbers):
    """The sum of the even numbers of the list, without changing it."""
    return sum(n for n in numbers if n % 2 == 0)
