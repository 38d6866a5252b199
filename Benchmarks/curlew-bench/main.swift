print("curlew-bench")
