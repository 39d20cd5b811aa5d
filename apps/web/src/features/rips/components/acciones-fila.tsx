import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A catalogue row's Editar / Eliminar icon buttons (named 'Editar {nombre}', 'Eliminar {nombre}'); none without `puedeEditar`. */
export function AccionesFila({ nombre, puedeEditar, onEditar, onEliminar }: { nombre: string; puedeEditar: boolean; onEditar: () => void; onEliminar: () => void }) {
  if (!puedeEditar) return null;
  return (
    <>
      <Button size="sm" variant="ghost" aria-label={`Editar ${nombre}`} onClick={onEditar}>
        <Pencil aria-hidden="true" className="size-4" />
      </Button>
      <Button size="sm" variant="ghost" aria-label={`Eliminar ${nombre}`} onClick={onEliminar}>
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </>
  );
}
