/**
 * A list screen asks again whenever its filters change or something arrives, and answers can land
 * out of order: the whole list asked at start, slower than the filtered one asked after it, would
 * replace the filtered list and stay. `newestOnly()` passes on the answer (or failure) of the
 * newest request only; an older one never settles.
 */
export function newestOnly() {
  let asked = 0
  return <T>(request: Promise<T>): Promise<T> => {
    const mine = ++asked
    return new Promise<T>((resolve, reject) =>
      request.then(
        (answer) => mine === asked && resolve(answer),
        (failure: unknown) => mine === asked && reject(failure),
      ),
    )
  }
}
