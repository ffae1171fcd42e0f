/// The `capacity` smallest of the elements offered, under `less` (a strict total order), kept in
/// a max-heap: what a report keeps of a run's problems when it shows only the most severe, without
/// holding every problem.
struct SmallestElements<Element> {
    let capacity: Int
    let less: (Element, Element) -> Bool
    /// The kept elements as a heap: none is less than its children; the largest is first.
    private(set) var elements: [Element] = []

    init(capacity: Int, less: @escaping (Element, Element) -> Bool) {
        self.capacity = max(0, capacity)
        self.less = less
    }

    /// Keeps `element` when fewer than `capacity` are kept or it is less than the largest kept
    /// (which it then replaces).
    mutating func offer(_ element: Element) {
        guard capacity > 0 else { return }
        if elements.count < capacity {
            elements.append(element)
            var child = elements.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard less(elements[parent], elements[child]) else { break }
                elements.swapAt(parent, child)
                child = parent
            }
            return
        }
        guard less(element, elements[0]) else { return }
        elements[0] = element
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < elements.count else { break }
            let right = left + 1
            let larger = right < elements.count && less(elements[left], elements[right]) ? right : left
            guard less(elements[parent], elements[larger]) else { break }
            elements.swapAt(parent, larger)
            parent = larger
        }
    }
}
