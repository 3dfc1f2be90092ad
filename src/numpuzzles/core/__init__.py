"""What every puzzle family shares: errors, results, the family protocol, seeds and IDs."""
